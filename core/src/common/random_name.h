#pragma once
#include "internal.h"
// Random lowercase letters for scratch names (".fg-probe-abcdefgh"): unique
// enough that two runs never pick the same one, not a secret.

#include <random>
#include <string>

namespace fg {

inline std::string randomLetters(size_t n)
{
    static const char letters[] = "abcdefghijklmnopqrstuvwxyz";
    std::random_device rd;
    std::string out;
    for (size_t i = 0; i < n; ++i) out.push_back(letters[rd() % 26]);
    return out;
}

} // namespace fg
