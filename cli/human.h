#pragma once
// Numbers for people: "1.2 GB", "61.3 MB/s", "0:37".

#include <cstdint>
#include <string>

namespace fg::cli {

std::string humanBytes(uint64_t bytes);
std::string humanRate(double bytesPerSec);
std::string humanDuration(double seconds);

} // namespace fg::cli
