// Runs Python code inside the built site's Pyodide under Node.js, with the engine loaded from the
// site's own lock file and archive, the very copy the page runs (no micropip, no network). Used to check that the engine gives the same
// results on Pyodide's Python 3.14 as on CPython, and to time it.
//
//   node e2e/pyodide_node.mjs <site dir> <python file>
// The Python file's last expression must be a JSON string; it is printed on stdout.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [siteDir, codeFile] = process.argv.slice(2);
const pyodideDir = path.resolve(siteDir, "pyodide") + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir, stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage(["kingdoms"], { messageCallback: () => {} });
const code = await readFile(codeFile, "utf8");
const result = await pyodide.runPythonAsync(code);
process.stdout.write(String(result) + "\n");
