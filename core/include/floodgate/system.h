#pragma once
// Facts about this machine that front ends offer as choices, and the one
// setting of the process a front end makes before it runs jobs.

#include <cstdint>
#include <string>
#include <vector>

namespace fg {

// TCP congestion controls this kernel offers ("bbr", "cubic", "reno", ...).
std::vector<std::string> availableCongestionControls();

// Whether this CPU has AES instructions (AES-NI, ARMv8 AES): what --cipher
// auto looks at on this end.
bool cpuHasAesAcceleration();

// Call first in main(), before any thread starts: the transfer's big buffers
// are then reused instead of being new pages from the OS each time (the
// receiving end of a fast transfer spent half its CPU on that).
void prepareProcessForTransfers();

// And for `floodgate serve`, before its threads start: memory the jobs freed
// goes back to the OS between jobs, so a daemon's idle memory stays where it
// began however many jobs it ran (few allocator arenas; the daemon returns
// free memory when it goes idle).
void prepareProcessForServing();

// Whether standard output / standard error is a terminal (not a pipe or a
// file): a progress display redraws one line only there.
bool standardOutputIsTerminal();
bool standardErrorIsTerminal();
// Whether standard error is the systemd journal (a service's log): lines
// then carry a level prefix and no time of their own.
bool standardErrorIsJournal();

// For log lines: this process's id, and the local time now as
// "YYYY/MM/DD<sep>hh:mm:ss" (rsync's log format).
int processId();
// The process's working directory (where relative paths typed on a command line start).
std::string currentDirectory();
std::string localTimestamp(char sep);
// A Unix time in milliseconds as local time, "2026-12-03 17:05:09".
std::string localTimeText(int64_t unixMs);

} // namespace fg
