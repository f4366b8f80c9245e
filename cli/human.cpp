#include "human.h"

#include <floodgate/units.h>


namespace fg::cli {

// The engine's own formatting (floodgate/units.h): one figure reads the same
// in the CLI, the GUI and the diagnosis's sentences.
std::string humanBytes(uint64_t bytes) { return formatBytes(bytes); }

std::string humanRate(double bytesPerSec) { return formatRate(bytesPerSec); }

std::string humanDuration(double seconds) { return formatClock(seconds); }

} // namespace fg::cli
