#pragma once
// Sizes and rates in words, the one way every part of Floodgate writes them:
// binary units labelled B, KB, MB, GB, TB, as the GUI, Windows and --bwlimit
// count them ("20M" is 20 x 1024 x 1024 bytes/s), so a figure the diagnosis
// states reads the same as the limit the user typed and the rate the progress
// line shows.

#include <cstdint>
#include <string>

namespace fg {

// "512 B", "1.50 KB", "61.3 MB", "3.40 GB": three significant digits.
std::string formatBytes(uint64_t bytes);
// formatBytes per second; a negative or non-finite rate reads as "0 B/s".
std::string formatRate(double bytesPerSec);
// A duration as a clock reads: "0:07", "12:05", "1:02:03"; "--:--" when not finite or negative.
std::string formatClock(double seconds);

} // namespace fg
