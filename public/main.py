from kingdoms_web.app import start

start()
