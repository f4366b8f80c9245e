#pragma once
// Facts about this machine that front ends offer as choices.

#include <string>
#include <vector>

namespace fg {

// TCP congestion controls this kernel offers ("bbr", "cubic", "reno", ...).
std::vector<std::string> availableCongestionControls();

} // namespace fg
