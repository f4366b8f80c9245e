#include <floodgate/system.h>

#include "platform/cpu.h"
#include "platform/fs.h"
#include "platform/memory.h"
#include "platform/process.h"
#include "platform/socket.h"
#include "platform/terminal.h"

#include <cstdio>
#include <sstream>

namespace fg {

std::vector<std::string> availableCongestionControls()
{
    std::vector<std::string> out;
    std::istringstream in(platform::readNetLimits().availableCongestion);
    std::string word;
    while (in >> word) out.push_back(word);
    return out;
}

bool cpuHasAesAcceleration() { return platform::hasAesAcceleration(); }

void prepareProcessForTransfers() { platform::reuseFreedMemory(); }

void prepareProcessForServing() { platform::fewArenasForALongLivedProcess(); }

bool standardOutputIsTerminal() { return platform::isTerminal(platform::StandardStream::Output); }
bool standardErrorIsTerminal() { return platform::isTerminal(platform::StandardStream::Error); }
bool standardErrorIsJournal() { return platform::standardErrorIsJournal(); }

int processId() { return platform::processId(); }

std::string currentDirectory() { return platform::currentDirectory(); }

namespace {

// "2026/12/03 17:05:09" (rsync's log lines) or "2026-12-03 17:05:09".
std::string dateTimeText(const platform::LocalDateTime& t, char dateSep, char sep)
{
    char buf[80];
    std::snprintf(buf, sizeof buf, "%04d%c%02d%c%02d%c%02d:%02d:%02d", t.year, dateSep, t.month, dateSep, t.day, sep,
                  t.hour, t.minute, t.second);
    return buf;
}

} // namespace

std::string localTimestamp(char sep) { return dateTimeText(platform::localDateTimeNow(), '/', sep); }

std::string localTimeText(int64_t unixMs) { return dateTimeText(platform::localDateTimeAt(unixMs / 1000), '-', ' '); }

} // namespace fg
