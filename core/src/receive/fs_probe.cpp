#include "receive/fs_probe.h"

#include <algorithm>
#include <iterator>

#include "common/random_name.h"

#include <optional>
#include <cerrno>
#include <random>
#include <string_view>
#include <unordered_set>

namespace fg {
namespace {

constexpr int64_t kSecond = 1000000000;

std::string swappedCase(std::string_view name)
{
    std::string out(name);
    for (char& c : out) {
        if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
        else if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    }
    return out;
}

// Whether a lookup of the scratch file under another spelling finds it. Its
// name is random, so nothing else can answer; inode numbers cannot tell,
// since FUSE numbers each spelling it is asked for on its own.
bool foundAs(const platform::DirHandle& dir, std::string_view other)
{
    return dir.statAt(other).ok();
}

// Which step a file system keeps times to, from what came back for a time
// set with nanoseconds on an odd second, and for a whole odd second.
int64_t granularityOf(int64_t asked, int64_t got, int64_t askedWhole, int64_t gotWhole)
{
    if (gotWhole != askedWhole) return 2 * kSecond; // FAT: even seconds only
    const int64_t diff = asked > got ? asked - got : got - asked;
    for (int64_t step : {int64_t(1), int64_t(100), int64_t(1000), int64_t(1000000), int64_t(10000000), kSecond})
        if (got % step == 0 && diff < step) return step;
    return 2 * kSecond;
}

// Without write access: an existing name with letters in it, looked up in
// the other case, tells whether case folds. Normalisation cannot be told.
void lookWithoutWriting(const platform::DirHandle& dir, FsTraits& t)
{
    auto listed = dir.list();
    if (!listed.ok()) return;
    std::unordered_set<std::string> names;
    for (const auto& entry : *listed) names.insert(entry.name);
    for (const auto& name : names) {
        const std::string other = swappedCase(name);
        // Both spellings listed: the file system keeps them apart.
        if (other == name || names.count(other)) continue;
        t.names.foldsCase = foundAs(dir, other);
        return;
    }
}

// Whether a file made without a name can be given one: the kernel and the
// file system must make it (O_TMPFILE), and this process must be let name
// an open file (see FileHandle::linkAs).
bool canNameAnonymousFiles(const platform::DirHandle& dir, const std::string& name)
{
    auto file = dir.createAnonymous(0600);
    if (!file.ok() || !file->linkAs(dir, name)) return false;
    (void)dir.unlinkAt(name);
    return true;
}

} // namespace

std::string FsTraits::describe() const
{
    return fs.mountPoint.empty() ? fs.type : fs.type + " at " + fs.mountPoint;
}

FsTraits probeFileSystem(const platform::DirHandle& dir)
{
    FsTraits t;
    t.fs = dir.fileSystem();
    const auto dirInfo = dir.stat();

    // Mixed case, and an "é" written as one code point (NFC): looked up
    // below in the other case and as "e" + U+0301 (NFD). A file system that
    // refuses the "é" (a FAT driver without UTF-8 names) gets a name without
    // it, and normalisation is then not its concern.
    const std::string stem = ".fg-probe-" + randomLetters(8) + "-aB";
    std::string name = stem + "\xC3\xA9";
    bool unicode = true;
    auto file = dir.createExclusive(name, 0600);
    if (!file.ok() && file.error().sysErrno != EACCES && file.error().sysErrno != EROFS) {
        name = stem;
        unicode = false;
        file = dir.createExclusive(name, 0600);
    }
    if (!file.ok()) {
        lookWithoutWriting(dir, t);
        return t;
    }
    t.probed = true;
    {
        t.names.foldsCase = foundAs(dir, swappedCase(name));
        if (unicode) t.names.foldsNormalization = foundAs(dir, stem + "e\xCC\x81");
    }

    // The order the receiver writes a file in: data, mode, close, then the
    // time by name (a FUSE file system may stamp a file it was written to
    // when it is closed, and that would undo a time set before); all the
    // while a second, read-only handle holds the temporary's lock, closed
    // once it is renamed (Receiver::createLockedTemp).
    auto lockHolder = dir.openRead(name);
    Status wrote = file->writeAll("x", 1);
    if (Status chmod = file->setMode(0640); !chmod) {
        t.keepsModes = false;
        t.modeError = chmod.error().message;
    } else if (auto after = file->stat(); after.ok() && after->mode != 0640) {
        // Not the whole mode: perhaps a read-only attribute (Windows, FAT),
        // which takes the write bits away and gives them back.
        const auto modeAfter = [&](uint32_t mode) -> std::optional<uint32_t> {
            if (!file->setMode(mode)) return std::nullopt;
            auto info = file->stat();
            return info.ok() ? std::optional<uint32_t>(info->mode) : std::nullopt;
        };
        const auto readOnly = modeAfter(0440);
        const auto writable = readOnly && (*readOnly & 0222) == 0 ? modeAfter(0640) : std::nullopt;
        if (writable && (*writable & 0200) != 0) t.keptModeBits = 0200;
        else t.keepsModes = false; // accepted and ignored (exFAT gives every file 0777)
    }
    (void)file->close();

    // 2009-02-13 23:31:31.123456789: an odd second with every digit of its
    // nanoseconds set, inside every file system's range (FAT: 1980-2107).
    const int64_t whole = 1234567891 * kSecond;
    const int64_t asked = whole + 123456789;
    auto stampAndRead = [&](int64_t ns) -> Result<platform::FileInfo> {
        FG_TRY(dir.setModifyTimeAt(name, ns));
        return dir.statAt(name);
    };
    auto got = stampAndRead(asked);
    auto gotWhole = stampAndRead(whole);
    if (wrote && got.ok() && gotWhole.ok()) {
        const int64_t off = got->mtimeNs > asked ? got->mtimeNs - asked : asked - got->mtimeNs;
        t.timesStick = off <= 2 * kSecond;
        if (t.timesStick) t.timeGranularityNs = granularityOf(asked, got->mtimeNs, whole, gotWhole->mtimeNs);
    } else {
        t.timesStick = false;
    }
    // And the rename into place, then the lock's handle closed: fusefat
    // stamps the renamed entry with the time of the rename (and a file
    // system could stamp it at the last close).
    const std::string renamed = stem + "-renamed";
    if (t.timesStick && dir.renameAt(name, renamed).ok()) {
        name = renamed;
        if (lockHolder.ok()) (void)lockHolder->close();
        auto moved = dir.statAt(name);
        t.stampAfterRename = moved.ok() && gotWhole.ok() && moved->mtimeNs != gotWhole->mtimeNs;
    }

    (void)dir.unlinkAt(name);
    static constexpr std::string_view kLocalDisks[] = {"ext2", "ext3", "ext4",  "xfs",  "btrfs",    "tmpfs",
                                                       "f2fs", "zfs",  "jfs",   "reiserfs", "nilfs2", "bcachefs"};
    const bool known = std::find(std::begin(kLocalDisks), std::end(kLocalDisks), t.fs.type) != std::end(kLocalDisks);
    t.localDisk = known && t.keepsModes && t.keptModeBits == 07777 && t.timesStick && !t.stampAfterRename;
    if (t.localDisk) t.anonymousTemps = canNameAnonymousFiles(dir, stem + "-anonymous");
    // Making and removing the scratch file touched the directory: put its
    // time back, so a dry run changes nothing a later run would see. Only if
    // it moved: a FAT volume's root has no times at all, and fusefat dies
    // when asked to set them.
    if (auto after = dir.stat(); dirInfo.ok() && after.ok() && after->mtimeNs != dirInfo->mtimeNs)
        (void)dir.setModifyTime(dirInfo->mtimeNs);
    return t;
}

} // namespace fg
