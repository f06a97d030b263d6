// The `nairaflow` command, run by bin/nairaflow.js (package.json "bin"). Web-standard APIs and Node's
// `process` global only, and none of Node's built-in modules, like the rest of the package.
import { main } from './cli/main.ts';

const stop = new AbortController();
// Once: a second Ctrl-C while listen winds down ends the process at once, as usual.
process.once('SIGINT', () => stop.abort());
process.once('SIGTERM', () => stop.abort());

main(process.argv.slice(2), stop.signal).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
