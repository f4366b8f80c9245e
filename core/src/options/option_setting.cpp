// One job setting, as the command line writes it, applied to a job's options:
// what a front end's "apply this fix" button does with a bottleneck verdict's
// setting (docs/DIAGNOSIS.md), without a command line to parse.

#include <floodgate/options.h>

#include <charconv>

namespace fg {

Status applyOptionSetting(SyncOptions& options, const std::string& setting)
{
    const size_t space = setting.find(' ');
    const std::string name = setting.substr(0, space);
    const std::string value = space == std::string::npos ? std::string() : setting.substr(space + 1);
    TransferOptions& t = options.transfer;
    if (name == "--whole-file" && value.empty()) {
        t.wholeFile = WholeFileMode::Always;
        return {};
    }
    if (!value.empty()) {
        if (name == "--streams") {
            if (value == "auto") {
                options.streams = 0;
                return {};
            }
            unsigned n = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
            if (ec != std::errc() || end != value.data() + value.size() || n > 32)
                return Error(Errc::InvalidArgument, "--streams: '" + value + "' is not a number of streams from 0 (auto) to 32, or auto");
            options.streams = n;
            return {};
        }
        if (name == "--cipher") {
            FG_TRY_ASSIGN(options.cipher, parseCipherChoice(value));
            return {};
        }
        if (name == "--compress") {
            FG_TRY_ASSIGN(t.compress, parseCompress(value));
            return {};
        }
        if (name == "--checksum-choice") {
            FG_TRY_ASSIGN(t.checksumChoice, parseChecksumChoice(value));
            return {};
        }
        if (name == "--fsync") {
            FG_TRY_ASSIGN(t.fsync, parseFsyncMode(value));
            return {};
        }
        if (name == "--chunk-size") {
            FG_TRY_ASSIGN(t.chunkSize, parseSize(value, "--chunk-size"));
            if (t.chunkSize == 0)
                return Error(Errc::InvalidArgument, "--chunk-size: 0 is not a chunk size; leave the option out for a size picked per file");
            return {};
        }
        if (name == "--congestion") {
            // Checked against the kernel where the connections are made.
            t.congestion = value;
            return {};
        }
    }
    return Error(Errc::InvalidArgument, "'" + setting + "' is not a setting this applies: --streams N, --cipher NAME, "
                                        "--compress SPEC, --chunk-size SIZE, --congestion NAME, --checksum-choice NAME, "
                                        "--fsync MODE or --whole-file");
}

} // namespace fg
