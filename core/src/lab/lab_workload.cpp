#include "lab/lab_workload.h"

#include "job/sample_data.h"
#include "platform/fs.h"


#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace fg {
namespace {

constexpr uint64_t kSmallFileBytes = 4096;
// A sample looks at this many entries at most: a tree of ten million files
// is sampled from its first million, not walked for minutes.
constexpr size_t kMaxSampledEntries = 1'000'000;

const char* kindName(LabWorkload::Kind kind)
{
    switch (kind) {
    case LabWorkload::Kind::Sample: return "sample";
    case LabWorkload::Kind::Small: return "small";
    case LabWorkload::Kind::Big: return "big";
    case LabWorkload::Kind::Mixed: return "mixed";
    }
    return "?";
}

uint64_t bytesOf(const LabWorkload& w) { return w.bytes ? w.bytes : kDefaultLabWorkloadBytes; }

// Files of a generated workload go into folders of at most this many, as
// real trees have them.
std::string folderFor(uint64_t index) { return "d" + std::to_string(index / 1000); }

Status makeGenerated(const LabWorkload& w, const std::string& dir, uint64_t seed, MadeWorkload& made)
{
    SampleFiller filler(seed ^ 0x1ab);
    const uint64_t total = bytesOf(w);
    uint64_t index = 0;
    auto add = [&](uint64_t size, bool textLike) -> Status {
        const std::string folder = dir + "/" + folderFor(index);
        if (index % 1000 == 0) FG_TRY(platform::makeDirectory(folder, 0755));
        char name[48];
        std::snprintf(name, sizeof name, "f%06llu.%s", static_cast<unsigned long long>(index), textLike ? "txt" : "bin");
        FG_TRY(writeSampleFile(folder + "/" + name, size, filler, textLike));
        ++index;
        ++made.files;
        made.bytes += size;
        return {};
    };
    switch (w.kind) {
    case LabWorkload::Kind::Big: return add(total, false);
    case LabWorkload::Kind::Small:
        while (made.bytes + kSmallFileBytes <= total || made.files == 0) FG_TRY(add(kSmallFileBytes, index % 2 == 0));
        return {};
    case LabWorkload::Kind::Mixed: {
        // Sizes spread evenly on a log scale from 1 KiB to 64 MiB (each
        // doubling as many files), cut to what is left at the end.
        // A small workload keeps its spread: its largest size is at most a
        // sixteenth of it, so it holds a hundred files or more, not four.
        const double top = std::clamp(std::log2(double(total) / 16), 11.0, 26.0);
        while (made.bytes < total) {
            const double exponent = 10.0 + (top - 10.0) * double(filler.next() % 1001) / 1000.0; // 2^10 .. 2^top
            const uint64_t size = std::min<uint64_t>(uint64_t(std::pow(2.0, exponent)), total - made.bytes);
            FG_TRY(add(std::max<uint64_t>(size, 1), index % 2 == 0));
        }
        return {};
    }
    case LabWorkload::Kind::Sample: break;
    }
    return Error(Errc::InvalidArgument, "not a generated workload");
}

struct Candidate {
    std::string relative; // "a/b/c.jpg"
    uint64_t size = 0;
};

void collect(const platform::DirHandle& dir, const std::string& prefix, std::vector<Candidate>& out, size_t& seen)
{
    auto entries = dir.list();
    if (!entries) return; // an unreadable folder is not sampled, the rest is
    for (const auto& e : *entries) {
        if (++seen > kMaxSampledEntries) return;
        auto info = dir.statAt(e.name);
        if (!info) continue;
        const std::string rel = prefix.empty() ? e.name : prefix + "/" + e.name;
        if (info->type == platform::FileType::Regular) {
            out.push_back({rel, info->size});
        } else if (info->type == platform::FileType::Directory) {
            if (e.name.rfind(".fg-lab-", 0) == 0) continue; // a lab's own leftovers
            if (auto sub = dir.openDir(e.name)) collect(*sub, rel, out, seen);
        }
    }
}

Status copyPrefix(const std::string& from, const std::string& to, uint64_t bytes)
{
    const size_t slash = from.rfind('/');
    FG_TRY_ASSIGN(platform::DirHandle fromDir, platform::DirHandle::open(from.substr(0, slash)));
    FG_TRY_ASSIGN(platform::FileHandle in, fromDir.openRead(from.substr(slash + 1)));
    const size_t toSlash = to.rfind('/');
    FG_TRY_ASSIGN(platform::DirHandle toDir, platform::DirHandle::open(to.substr(0, toSlash)));
    FG_TRY_ASSIGN(platform::FileHandle out, toDir.createExclusive(to.substr(toSlash + 1), 0644));
    std::vector<uint8_t> buf(1 << 20);
    uint64_t left = bytes;
    while (left > 0) {
        FG_TRY_ASSIGN(size_t n, in.read(buf.data(), size_t(std::min<uint64_t>(left, buf.size()))));
        if (n == 0) break; // it shrank since it was listed: the sample is what it holds
        FG_TRY(out.writeAll(buf.data(), n));
        left -= n;
    }
    return out.close();
}

Status makeSample(const LabWorkload& w, const std::string& dir, uint64_t seed, MadeWorkload& made)
{
    auto root = platform::DirHandle::open(w.path);
    if (!root) return Error(Errc::InvalidArgument, "--workload sample:" + w.path + ": " + root.error().message);
    std::vector<Candidate> files;
    size_t seen = 0;
    collect(*root, "", files, seen);
    if (files.empty())
        return Error(Errc::InvalidArgument, "--workload sample:" + w.path +
                                                ": no regular file to sample there; give a folder with your data, or a "
                                                "generated workload (small, big, mixed)");
    std::mt19937_64 rng(seed);
    for (size_t i = files.size() - 1; i > 0; --i) std::swap(files[i], files[size_t(rng() % (i + 1))]);
    const uint64_t total = bytesOf(w);
    auto take = [&](const Candidate& f, uint64_t size) -> Status {
        const size_t slash = f.relative.rfind('/');
        if (slash != std::string::npos) FG_TRY(platform::makeDirectories(dir + "/" + f.relative.substr(0, slash), 0755));
        FG_TRY(copyPrefix(w.path + "/" + f.relative, dir + "/" + f.relative, size));
        ++made.files;
        made.bytes += size;
        return {};
    };
    // Whole files only, those larger than what is left skipped: the sample
    // keeps the tree's sizes.
    for (const auto& f : files) {
        if (made.bytes == total) break;
        if (f.size <= total - made.bytes) FG_TRY(take(f, f.size));
    }
    // A tree of files all larger than the size gives one of them cut to
    // fit rather than nothing.
    if (made.files == 0) FG_TRY(take(files.front(), std::min(files.front().size, total)));
    return {};
}

} // namespace

Result<LabWorkload> parseLabWorkload(const std::string& text)
{
    LabWorkload w;
    std::string kind = text, size;
    if (text.rfind("sample:", 0) == 0) {
        w.kind = LabWorkload::Kind::Sample;
        std::string rest = text.substr(7);
        // sample:PATH[:SIZE]: a last ":SIZE" that reads as a size is the size.
        if (const size_t colon = rest.rfind(':'); colon != std::string::npos && colon + 1 < rest.size()) {
            if (auto parsed = parseSize(rest.substr(colon + 1), "--workload"); parsed) {
                w.bytes = *parsed;
                rest.resize(colon);
            }
        }
        if (rest.empty())
            return Error(Errc::InvalidArgument, "--workload sample: needs the folder to sample, as sample:PATH[:SIZE]");
        w.path = rest;
    } else {
        if (const size_t colon = text.find(':'); colon != std::string::npos) {
            kind = text.substr(0, colon);
            size = text.substr(colon + 1);
        }
        if (kind == "small") w.kind = LabWorkload::Kind::Small;
        else if (kind == "big") w.kind = LabWorkload::Kind::Big;
        else if (kind == "mixed") w.kind = LabWorkload::Kind::Mixed;
        else
            return Error(Errc::InvalidArgument, "--workload '" + text + "': use sample:PATH[:SIZE] (your own files), "
                                                "small[:SIZE] (4 KiB files), big[:SIZE] (one file) or mixed[:SIZE]");
        if (!size.empty()) {
            FG_TRY_ASSIGN(w.bytes, parseSize(size, "--workload " + kind));
        }
    }
    if (text.find(':') != std::string::npos && w.bytes == 0 && w.kind != LabWorkload::Kind::Sample)
        return Error(Errc::InvalidArgument, "--workload " + text + ": a size of 0 makes no workload");
    return w;
}

std::string labSizeText(uint64_t bytes)
{
    for (const auto& [unit, letter] : {std::pair<uint64_t, const char*>{1ull << 30, "G"}, {1ull << 20, "M"}, {1ull << 10, "K"}})
        if (bytes >= unit && bytes % unit == 0) return std::to_string(bytes / unit) + letter;
    return std::to_string(bytes);
}

std::string labWorkloadText(const LabWorkload& w)
{
    const std::string size = labSizeText(bytesOf(w));
    if (w.kind == LabWorkload::Kind::Sample) return "sample:" + w.path + ":" + size;
    return std::string(kindName(w.kind)) + ":" + size;
}

Result<MadeWorkload> makeLabWorkload(const LabWorkload& workload, const std::string& parent, uint64_t seed)
{
    const std::string base = parent.empty() ? platform::tempDirectory() : parent;
    MadeWorkload made;
    auto dir = platform::makeTempDirectoryIn(base, ".fg-lab-work");
    if (!dir) return Error(dir.error().code, "the lab's workload cannot be made in " + base + ": " + dir.error().message);
    made.dir = *dir;
    const Status st = workload.kind == LabWorkload::Kind::Sample ? makeSample(workload, made.dir, seed, made)
                                                                 : makeGenerated(workload, made.dir, seed, made);
    if (!st) {
        static_cast<void>(platform::removeTree(made.dir));
        return Error(st.error().code, "the lab's workload (" + labWorkloadText(workload) + ") cannot be made in " + base +
                                          ": " + st.error().message);
    }
    return made;
}

} // namespace fg
