#pragma once
#include "internal.h"
// Whether the process's standard streams go to a person's terminal.

namespace fg::platform {

enum class StandardStream { Output, Error };

// True for a terminal (a tty, a Windows console); false for a pipe or a file,
// where a progress line must not redraw itself with carriage returns.
bool isTerminal(StandardStream stream);

// True when standard error is the systemd journal's stream for this process
// ($JOURNAL_STREAM names its device and inode, systemd.exec(5)): log lines
// then carry their level as a "<N>" prefix and no time of their own.
bool standardErrorIsJournal();

} // namespace fg::platform
