#include "platform/terminal.h"

#include <unistd.h>

namespace fg::platform {

bool isTerminal(StandardStream stream)
{
    return ::isatty(stream == StandardStream::Output ? STDOUT_FILENO : STDERR_FILENO) == 1;
}

} // namespace fg::platform
