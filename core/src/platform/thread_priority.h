#pragma once
#include "internal.h"
// Background threads: a desktop front end's jobs give way to its window.
//
// The engine keeps every core busy on a small machine (on 2 cores, a push
// runs the client, the network threads and four writers at once). At the same
// priority the window's thread gets a fair share, a fraction of one core, and
// half a second of the models' and the painter's work becomes a window that
// stands still for two (measured: a 210,000-file run, 680 ms without a turn of
// the event loop; 120 ms with the job's threads in the background). A thread
// in the background still has every cycle nobody else wants: on an idle
// machine the transfer is as fast.

#include <floodgate/error.h>

namespace fg::platform {

// Puts the calling thread in the background: Linux nice 10 (a nice value is
// the thread's own there, and the threads it starts begin with it), Windows
// THREAD_PRIORITY_BELOW_NORMAL. A thread already as low stays as it is; one in
// the background cannot come back (Linux lets an unprivileged thread lower its
// priority only).
Status moveThisThreadToBackground();

// Whether the calling thread runs in the background (or lower): what a thread
// it starts should do too.
bool thisThreadIsInBackground();

} // namespace fg::platform
