#pragma once
#include "internal.h"
// Relative transfer paths: '/'-separated UTF-8 names below a transfer root, the
// only kind of path that crosses the wire.

#include <floodgate/error.h>

#include <string>
#include <string_view>
#include <vector>

namespace fg {

// The longest path and component the protocol accepts (Linux's own limits).
inline constexpr size_t kMaxPathBytes = 4096;
inline constexpr size_t kMaxNameBytes = 255;

// Accepts "a", "a/b/c"; refuses "", absolute paths, "." or ".." components,
// empty components ("a//b", "a/"), NUL bytes and over-long paths: what no
// honest sender sends, whatever the destination. The error names the path
// and why. Anything else is a name: a backslash, a byte that is not UTF-8
// and a control character are all legal on Linux; whether a destination can
// hold a name is its own question (platform::nameProblem), answered per file.
Status validateRelativePath(std::string_view path);

// Splits a validated relative path into components.
std::vector<std::string_view> splitPath(std::string_view path);

// "a/b/c" -> "a/b"; "c" -> "".
std::string_view parentOf(std::string_view path);
// "a/b/c" -> "c".
std::string_view baseName(std::string_view path);
// Joins with one '/', treating an empty side as absent.
std::string joinPath(std::string_view a, std::string_view b);
// A local path without trailing slashes ("/" stays "/").
std::string stripTrailingSlashes(std::string_view path);
// The last component of a local path ("/a/b/" -> "b"; "/" -> "").
std::string localBaseName(std::string_view path);
// Everything before the last component ("/a/b" -> "/a"; "b" -> ".").
std::string localDirName(std::string_view path);

bool isValidUtf8(std::string_view text);

} // namespace fg
