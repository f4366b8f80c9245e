#pragma once
#include "internal.h"
// Windows reports failures as Win32 error codes, NTSTATUS values or Winsock
// codes; the core reacts to errno values (ENOENT, ENOSPC, EAGAIN...). These
// turn the first into the second, keeping Windows' own words in the message.

#include <floodgate/error.h>

#include <cstdint>
#include <string>

namespace fg::platform::win32 {

int errnoFromWin32(uint32_t code);
int errnoFromWinsock(int code);

// "<what>: <Windows' message>", with the Errc of the matching errno.
Error win32Error(uint32_t code, const std::string& what);
// The same for the calling thread's GetLastError().
Error lastError(const std::string& what);
Error ntError(long status, const std::string& what);
// For a Winsock failure (WSAGetLastError()): Errc::Network unless the errno says otherwise.
Error winsockError(int code, const std::string& what);

} // namespace fg::platform::win32
