#include "platform/local_path.h"

namespace fg::platform {

bool isNativeLocalPath(std::string_view) { return false; }

std::string portableLocalPath(std::string_view text) { return std::string(text); }

} // namespace fg::platform
