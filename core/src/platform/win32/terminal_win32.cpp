#include "platform/terminal.h"

#include <windows.h>

namespace fg::platform {

bool isTerminal(StandardStream stream)
{
    // A console answers GetConsoleMode; a pipe, a file or mintty's pipe does not.
    HANDLE h = ::GetStdHandle(stream == StandardStream::Output ? STD_OUTPUT_HANDLE : STD_ERROR_HANDLE);
    DWORD mode = 0;
    if (h == nullptr || h == INVALID_HANDLE_VALUE || !::GetConsoleMode(h, &mode)) return false;
    // Colours and the progress line's redraws use escape sequences.
    ::SetConsoleMode(h, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING);
    return true;
}

// No journal on Windows: a service's log is its own file or the event log.
bool standardErrorIsJournal() { return false; }

} // namespace fg::platform
