// --checksum-choice: reading it and naming it.

#include <floodgate/options.h>

#include <string>

namespace fg {

Result<ChecksumChoice> parseChecksumChoice(std::string_view text)
{
    if (text == "xxh128") return ChecksumChoice::Xxh128;
    if (text == "xxh3") return ChecksumChoice::Xxh3;
    if (text == "sha256") return ChecksumChoice::Sha256;
    return Error(Errc::InvalidArgument,
                 "--checksum-choice: '" + std::string(text)
                     + "' is not one of xxh128 (the default: XXH3-128, fast, catches any accidental corruption), "
                       "xxh3 (XXH3-64), sha256 (cryptographic, slower)");
}

const char* checksumChoiceName(ChecksumChoice choice)
{
    switch (choice) {
    case ChecksumChoice::Xxh3: return "xxh3";
    case ChecksumChoice::Sha256: return "sha256";
    case ChecksumChoice::Xxh128: break;
    }
    return "xxh128";
}

} // namespace fg
