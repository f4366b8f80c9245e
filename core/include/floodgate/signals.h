#pragma once
// Ctrl-C and termination for front ends without an event loop of their own
// (the CLI): the handler runs on a dedicated thread, never in signal context.

#include <functional>

namespace fg {

// On the first SIGINT/SIGTERM (Windows: console control events) `handler`
// runs; a second one ends the process at once. Call once, early in main().
void onInterrupt(std::function<void()> handler);

} // namespace fg
