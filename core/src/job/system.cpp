#include <floodgate/system.h>

#include "platform/cpu.h"
#include "platform/memory.h"
#include "platform/socket.h"
#include "platform/terminal.h"

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

} // namespace fg
