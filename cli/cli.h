#pragma once
// The `floodgate` command: sync, serve, pair. Returns the process exit code.

namespace fg::cli {

int run(int argc, char** argv);

} // namespace fg::cli
