#!/usr/bin/env node
// The `nairaflow` command: the built CLI (src/cli.ts). A file of its own, kept in git, because npm
// links a package's commands at install time, and in a fresh clone of the repository dist/ is
// built only afterwards (by `prepare`): a bin inside dist/ would not be linked there.
import '../dist/cli.js';
