from kingdoms_web.startup import boot

await boot()  # noqa: F704 - PyScript runs this file with top-level await
