#pragma once
// Facts about this machine that front ends offer as choices.

#include <string>
#include <vector>

namespace fg {

// TCP congestion controls this kernel offers ("bbr", "cubic", "reno", ...).
std::vector<std::string> availableCongestionControls();

// Whether this CPU has AES instructions (AES-NI, ARMv8 AES): what --cipher
// auto looks at on this end.
bool cpuHasAesAcceleration();

} // namespace fg
