#pragma once
// `floodgate sync`'s command line: one table of flags that the parser, the
// help text and the README check all read, and what the flags turn into.

#include "out_format.h"

#include <floodgate/job.h>

#include <optional>

#include <string>
#include <vector>

namespace fg::cli {

// What the command line asks of the CLI itself, besides the job.
struct SyncCliOptions {
    JobSpec spec;
    bool progress = false;
    bool verbose = false;
    bool quiet = false;
    bool json = false;
    bool itemize = false; // -i: rsync's itemized changes instead of file names
    bool stats = false;   // --stats: rsync-like totals at the end
    std::optional<OutFormat> outFormat; // --out-format: a line of this form per change
    std::string logFile;                // --log-file: appended to, with times
    OutFormat logFormat;                // --log-file-format (default "%i %n%L")
};

// One flag of `floodgate sync`, as the help lists it.
struct SyncFlag {
    const char* longName;  // without "--"
    char shortName;        // 0 for none
    const char* valueName; // nullptr: a flag without a value
    // What it does; '\n' starts a new line of the help text.
    const char* help;
};

// Every flag, in the order the help lists them.
const std::vector<SyncFlag>& syncFlags();

// `floodgate sync --help`.
std::string syncHelpText();

// What reading a `floodgate sync` command line came to.
struct SyncArgsRead {
    bool help = false; // --help, or a lone -h: show syncHelpText(), run nothing
    std::string error; // what is wrong with the command line; empty when it is fine
};

// Reads the arguments after `sync` into `out`, printing nothing (a saved
// job's arguments are read by the GUI too). Files named by --exclude-from,
// --files-from and the like are read now, relative to the working directory.
SyncArgsRead readSyncArgs(const std::vector<std::string>& args, SyncCliOptions& out);

// The arguments of a job that will run later from somewhere else (a saved
// job run by a timer): the same job, with every local path made absolute
// against `cwd` (SRC and DST where local, and the files --exclude-from,
// --include-from, --files-from, --filter ". FILE", --log-file and
// --state-dir name). Options come out one a word (--name=value; -z, -P, -F
// as themselves), then SRC and DST. `error` as readSyncArgs() says it.
struct AnchoredArgs {
    std::vector<std::string> args;
    std::string error;
};
AnchoredArgs anchoredSyncArgs(const std::vector<std::string>& args, const std::string& cwd);

// `words` put into a job's arguments after its options and before SRC and
// DST (and the "--" before them, if there is one): where options given at
// run time, or kept from an earlier version of the job, go.
void insertBeforeEndpoints(std::vector<std::string>& args, const std::vector<std::string>& words);

// The words of `args` a form of the job's options does not hold: what the
// command line prints (--progress, -v, --log-file, ...) and --files-from
// (a list read from its file on each run). A front end that edits a job's
// options keeps these when it writes the job back.
std::vector<std::string> frontEndArgs(const std::vector<std::string>& args);

// Reads the arguments after `sync`. Returns the exit code to stop with at
// once (0 after printing the help, 1 after a usage error on stderr), or -1
// when the job is to run.
int parseSyncArgs(const std::vector<std::string>& args, SyncCliOptions& out);

} // namespace fg::cli
