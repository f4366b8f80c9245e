#include "platform/small_file_reads.h"

namespace fg::platform {

// Windows has no io_uring; its I/O rings (Windows 11) read but do not open.
std::unique_ptr<SmallFileReader> SmallFileReader::create() { return plain(); }

} // namespace fg::platform
