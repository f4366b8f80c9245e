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

std::string localTimestamp(char sep)
{
    const platform::LocalDateTime t = platform::localDateTimeNow();
    char buf[80];
    std::snprintf(buf, sizeof buf, "%04d/%02d/%02d%c%02d:%02d:%02d", t.year, t.month, t.day, sep, t.hour, t.minute,
                  t.second);
    return buf;
}

std::string localTimeText(int64_t unixMs)
{
    const platform::LocalDateTime t = platform::localDateTimeAt(unixMs / 1000);
    char buf[80];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d", t.year, t.month, t.day, t.hour, t.minute, t.second);
    return buf;
}

} // namespace fg
