#pragma once
#include "internal.h"
// --name-mapping map: names a Windows file system cannot hold, stored there
// as look-alikes, reversibly, so that a sync back restores them exactly (as
// rclone's encodings do). Pure functions, the same on every OS.
//
//   a character Windows refuses   < > : " \ | ? *   ->  ＜ ＞ ： ＂ ＼ ｜ ？ ＊
//   a control character (1-31)    ->  its Control Picture, U+2401-U+241F (␉ for a tab)
//   a final dot or space           ->  ． (U+FF0E) or ␠ (U+2420)
//   a device name (CON, nul.txt)   ->  its first letter full-width: ＣON, ｎul.txt
//
// A name that already holds one of those look-alikes where it would be read
// back as an original (anywhere for the first two rows, last for the third,
// first for the fourth) gets U+201B ‛ before it, and ‛ itself is doubled:
// "本当？.txt" is stored as "本当‛？.txt". Every other name is stored as it
// is. Two names that would be one name on a destination that folds case get
// a collision suffix, ‛ and a number, before their extension ("photo‛2.jpg"),
// which the way back drops.

#include <string>
#include <string_view>

namespace fg::names {

// The name to store `name` under where only Windows' names are allowed.
// Bytes that are not UTF-8 pass through (such a destination refuses them,
// and says so). The result may still be too long for it.
std::string toWindowsName(std::string_view name);

// The original of a stored name: toWindowsName's inverse, collision
// suffixes dropped. A name no mapping made comes back as it is, unless it
// holds the look-alikes (then they are read as what they stand for).
std::string fromWindowsName(std::string_view stored);

// A stored name with collision suffix `n` (2, 3, ...): before the last '.'
// that is not the first character, else at the end.
std::string withCollisionSuffix(std::string_view stored, unsigned n);

// A stored name without its collision suffixes, escapes kept: what
// toWindowsName made of the original.
std::string withoutCollisionSuffix(std::string_view stored);

} // namespace fg::names
