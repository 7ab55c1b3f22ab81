// Compiles every .py file under the given directories to a sourceless .pyc, with the very
// Python the page runs (Pyodide's), so the browser imports bytecode instead of compiling the
// sources on every start (the in-memory file system keeps no bytecode cache between visits).
//
//   node tools/precompile.mjs <pyodide dir> <dir>...
// Each <dir> is mounted into Pyodide's file system; `name.py` becomes `name.pyc` (unchecked
// hash, so no timestamps are involved and the output is reproducible) and the source is removed.
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...trees] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL });
const mounts = trees.map((tree, index) => {
  const point = `/precompile/${index}`;
  pyodide.FS.mkdirTree(point);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(tree) }, point);
  return point;
});
pyodide.globals.set("mounts", pyodide.toPy(mounts));
const count = pyodide.runPython(`
import pathlib
import py_compile

compiled = 0
for mount in mounts:
    root = pathlib.Path(mount)
    for source in sorted(root.rglob("*.py")):
        py_compile.compile(
            str(source), cfile=str(source.with_suffix(".pyc")),
            dfile=source.relative_to(root).as_posix(), doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        source.unlink()
        compiled += 1
compiled
`);
for (const point of mounts) pyodide.FS.unmount(point);
process.stdout.write(`${count}\n`);
