// parseCompress lives beside the codec rather than with the other option
// parsers in options/options.cpp: the levels it accepts are the codec's.
#include <floodgate/options.h>

#include <charconv>
#include <string>
#include <system_error>

namespace fg {

Result<CompressSpec> parseCompress(std::string_view text)
{
    const std::string option = "--compress: ";
    if (text == "none") return CompressSpec{CompressMode::None, kDefaultZstdLevel};
    if (text == "lz4") return CompressSpec{CompressMode::Lz4, kDefaultZstdLevel};
    if (text == "auto") return CompressSpec{CompressMode::Auto, kDefaultZstdLevel};
    if (text == "zstd") return CompressSpec{CompressMode::Zstd, kDefaultZstdLevel};
    if (text.starts_with("zstd:")) {
        const std::string_view digits = text.substr(5);
        int level = 0;
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), level);
        const std::string levels = "1.." + std::to_string(kMaxZstdLevel) + " (or " + std::to_string(kMinZstdLevel)
                                   + "..-1, zstd's fast modes)";
        if (digits.empty() || ec == std::errc::invalid_argument || end != digits.data() + digits.size())
            return Error(Errc::InvalidArgument,
                         option + "'" + std::string(text) + "': the zstd level must be a number in " + levels);
        if (ec == std::errc::result_out_of_range || level < kMinZstdLevel || level > kMaxZstdLevel || level == 0)
            return Error(Errc::InvalidArgument,
                         option + "zstd level " + std::string(digits) + " is not in " + levels
                             + "; 1-3 are fast, 9 and up slow for little more gain, or use auto to let the "
                               "level follow the bottleneck");
        return CompressSpec{CompressMode::Zstd, level};
    }
    if (text.starts_with("lz4:") || text.starts_with("auto:") || text.starts_with("none:"))
        return Error(Errc::InvalidArgument, option + "'" + std::string(text)
                                                + "': only zstd takes a level (zstd:LEVEL)");
    return Error(Errc::InvalidArgument, option + "unknown compression '" + std::string(text)
                                            + "'; choose zstd[:LEVEL], lz4, none or auto");
}

std::string compressText(const CompressSpec& spec)
{
    switch (spec.mode) {
    case CompressMode::None: return "none";
    case CompressMode::Lz4: return "lz4";
    case CompressMode::Auto: return "auto";
    case CompressMode::Zstd: return "zstd:" + std::to_string(spec.level);
    }
    return "none";
}

} // namespace fg
