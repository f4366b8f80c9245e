#pragma once
#include "internal.h"
// errno values that not every system has, under one name for the core.

#include <cerrno>

namespace fg::platform {

#if defined(EDQUOT)
// Over the user's disk quota: the disk is full as far as this user goes.
inline constexpr int kQuotaExceeded = EDQUOT;
#else
// Windows' C runtime has no EDQUOT; its quota error maps to ENOSPC
// (win32/win_error.cpp), so this value never comes.
inline constexpr int kQuotaExceeded = -1000;
#endif

} // namespace fg::platform
