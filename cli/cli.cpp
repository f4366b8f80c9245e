#include "cli.h"

#include "commands.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kUsage =
    "usage: floodgate <command> [options]\n"
    "\n"
    "commands:\n"
    "  sync [options] SRC DST   make DST like SRC (local path, floodgate://HOST[:PORT]/MODULE/PATH,\n"
    "                           or [user@]host:path over ssh)\n"
    "  job add|edit|run|list|show|rename|remove NAME ...\n"
    "                           saved jobs: a name for a sync command line, shared with the GUI\n"
    "  history [JOB] [--run ID]   the runs of every sync and job, from the CLI and the GUI\n"
    "  serve [options]          run a daemon that serves modules over TLS\n"
    "  pair floodgate://HOST[:PORT] --code CODE\n"
    "                           authorise this machine with a daemon\n"
    "  clients list|revoke|rename CLIENT\n"
    "                           the clients paired with this machine's daemon\n"
    "  status [--json]          what this machine's daemon serves and runs: modules, clients,\n"
    "                           jobs with their progress and bottleneck, the last 50 results\n"
    "  probe TARGET             measure the way to a daemon or ssh host: network, CPUs, disks,\n"
    "                           and what will limit a transfer there\n"
    "  lab --vary FACTOR=LEVELS TARGET\n"
    "                           try a matrix of settings (streams, cipher, compression, ...) against\n"
    "                           the target and find the fastest\n"
    "\n"
    "`floodgate <command> --help` explains a command's options.\n";

} // namespace

int run(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::fputs(kUsage, stderr);
        return kUsageError;
    }
    std::string command = args.front();
    args.erase(args.begin());
    if (command == "sync") return runSync(args);
    if (command == "serve") return runServe(args);
    if (command == "pair") return runPair(args);
    if (command == "clients") return runClients(args);
    if (command == "status") return runStatus(args);
    if (command == "probe") return runProbe(args);
    if (command == "lab") return runLab(args);
    if (command == "job") return runJob(args);
    if (command == "history") return runHistory(args);
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (command == "--version" || command == "-V") {
        std::printf("floodgate %s\n", FLOODGATE_VERSION);
        return 0;
    }
    std::fprintf(stderr, "floodgate: unknown command '%s'\n\n%s", command.c_str(), kUsage);
    return kUsageError;
}

} // namespace fg::cli
