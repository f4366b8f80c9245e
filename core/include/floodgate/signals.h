#pragma once
// Ctrl-C and termination for front ends without an event loop of their own
// (the CLI): the handler runs on a dedicated thread, never in signal context.

#include <functional>

namespace fg {

// On the first SIGINT/SIGTERM (Windows: console control events) `handler`
// runs; a second one ends the process at once. With `reload`, SIGHUP runs it
// (as often as it comes) instead of ending the process, as daemons do.
// Call once, early in main().
void onInterrupt(std::function<void()> handler, std::function<void()> reload = {});

} // namespace fg
