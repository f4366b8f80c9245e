#include "plan/planner.h"

namespace fg {

using platform::FileType;

bool sameTime(int64_t a, int64_t b, int64_t windowNs)
{
    int64_t d = a > b ? a - b : b - a;
    return d <= windowNs;
}

bool needsTargetHash(const FileEntry& source, const TargetState& target, const PlanRules& rules)
{
    return rules.checksum && source.isRegular() && target.type == FileType::Regular && source.size == target.size;
}

namespace {

// rsync's selection flags, before anything is compared: true when the entry
// is left as it is (skipped, not an error).
bool skippedByRules(const FileEntry& source, const std::optional<TargetState>& target, const CompareRules& c,
                    int64_t windowNs)
{
    if (c.existingOnly && !target) return true;
    if (c.ignoreExisting && target && !source.isDir()) return true;
    if (!source.isRegular()) return false;
    if (c.maxSize && source.size > c.maxSize) return true;
    if (c.minSize && source.size < c.minSize) return true;
    // --append-verify: only a shorter copy can be appended to.
    if (c.appendVerify && target && target->type == FileType::Regular && target->size >= source.size) return true;
    // -u: a destination file newer than the source is kept (rsync: regular
    // files only, times within the modify window are equal).
    return c.update && target && target->type == FileType::Regular && target->mtimeNs > source.mtimeNs
        && !sameTime(source.mtimeNs, target->mtimeNs, windowNs);
}

} // namespace

Decision decide(const FileEntry& source, const std::optional<TargetState>& target, const PlanRules& rules)
{
    Decision d;
    if (skippedByRules(source, target, rules.compare, rules.modifyWindowNs)) {
        d.action = FileAction::Unchanged;
        d.skipped = true;
        return d;
    }
    if (!target || (target->type != source.type && !(source.isDir() && target->type == FileType::Directory))) d.changes = kChangeNew;
    if (target && !(d.changes & kChangeNew)) {
        if (rules.wantUid && target->uid != *rules.wantUid) d.changes |= kChangeOwner;
        if (rules.wantGid && target->gid != *rules.wantGid) d.changes |= kChangeGroup;
    }
    const uint8_t ownership = kChangeOwner | kChangeGroup;
    if (source.isDir()) {
        if (!target) {
            d.action = FileAction::MkDir;
        } else if (target->type == FileType::Directory) {
            if (rules.modesDiffer(target->mode, source.mode)) d.changes |= kChangePerms;
            // Directory mtimes are set at the end of every run (writing into a
            // directory changes it), so only the mode and owner make a
            // difference here.
            d.action = d.changes & (kChangePerms | ownership) ? FileAction::Attrs : FileAction::Unchanged;
        } else {
            d.action = FileAction::MkDir;
            d.replaceTarget = true;
        }
        return d;
    }

    if (target && target->type == FileType::Directory) {
        if (!rules.deleteExtraneous) {
            d.action = FileAction::Unchanged;
            d.refusal = "a directory is in the way of this "
                        + std::string(source.isSymlink() ? "symlink" : "file")
                        + "; it was left alone (use --delete to replace the directory)";
            return d;
        }
        d.replaceTarget = true;
    }

    if (source.isSymlink()) {
        if (target && target->type == FileType::Symlink && target->linkTarget == source.linkTarget) {
            d.action = d.changes & ownership ? FileAction::Attrs : FileAction::Unchanged;
        } else {
            d.action = FileAction::Symlink;
            if (target && target->type == FileType::Symlink) d.changes |= kChangeLink;
        }
        return d;
    }

    // A regular file.
    if (!target) {
        d.action = FileAction::Copy;
        return d;
    }
    if (target->type != FileType::Regular) {
        d.action = FileAction::Update;
        return d;
    }
    bool sameContent = false;
    if (rules.checksum) {
        sameContent = source.size == target->size && source.hash && target->hash && *source.hash == *target->hash;
    } else if (rules.compare.ignoreTimes) {
        sameContent = false; // -I: the quick check never says "same"
    } else if (rules.compare.sizeOnly) {
        sameContent = source.size == target->size;
    } else {
        sameContent = source.size == target->size && sameTime(source.mtimeNs, target->mtimeNs, rules.modifyWindowNs);
    }
    if (source.size != target->size) d.changes |= kChangeSize;
    if (!sameTime(source.mtimeNs, target->mtimeNs, rules.modifyWindowNs)) d.changes |= kChangeTime;
    if (rules.modesDiffer(target->mode, source.mode)) d.changes |= kChangePerms;
    if (rules.checksum && !sameContent) d.changes |= kChangeContent;
    if (!sameContent) {
        d.action = FileAction::Update;
        return d;
    }
    const uint8_t settable = kChangePerms | ownership | (rules.setTimes ? kChangeTime : 0);
    d.action = d.changes & settable ? FileAction::Attrs : FileAction::Unchanged;
    return d;
}

} // namespace fg
