#pragma once
#include "internal.h"
// What both roles of one transfer need to know, whether the peer is in-process,
// across a TLS connection or at the end of an ssh pipe.

#include "plan/partial_files.h"
#include "proto/messages.h"

#include <floodgate/options.h>

#include <string>
#include <vector>

namespace fg {

struct TransferParams {
    bool dryRun = false;
    bool mkpath = false; // the destination's missing parents are made
    bool removeSourceFiles = false; // sent files leave the source, once the job is done
    bool inPlace = false;           // changed files are written over their old copies
    std::string partialDir;         // --partial-dir: "" keeps partial files beside their targets
    bool deleteExtraneous = false;
    DeleteRules deletion;
    CompareRules compare;
    MetadataRules metadata;
    BackupRules backup;
    std::vector<std::string> linkDest;
    ScanRules scan;
    OwnershipRules ownership;
    // Set by a daemon that does not keep owners for its module: what the
    // receiver tells the client instead.
    std::string ownershipRefused;
    bool checksum = false;
    int64_t modifyWindowNs = 0;
    uint64_t bwlimitBytesPerSec = 0;
    uint64_t chunkSize = 0; // 0: picked per file (see Scheduler)
    std::string congestion; // data connections; "" = bbr where available
    FsyncMode fsync = FsyncMode::End;
    WholeFileMode wholeFile = WholeFileMode::Auto;
    // How the sender compresses data frames; the receiver follows the frames.
    CompressSpec compress;
    // What chunks and files are verified with, and --checksum compares.
    ChecksumChoice checksumChoice = ChecksumChoice::Xxh128;
    // Both roles run in this process (a local copy): reading the old copy to
    // save writing the new one does not pay there.
    bool localCopy = false;
    std::vector<FilterSpec> filters;
    std::vector<std::string> filesFrom;
    bool hasFilesFrom = false;
};

// Where a role's tree is: `relative` (possibly empty) below a trusted `base`.
// Symlinks are followed in base (the user's own path, or a module's root)
// but never below it. trailingSlash keeps rsync's "contents of" meaning.
struct RootSpec {
    std::string base;
    std::string relative;
    bool trailingSlash = false;
    // The daemon receives from remote clients: setuid/setgid bits are dropped.
    bool stripSpecialModeBits = false;
    // A daemon's module: -L follows only links whose target is inside base.
    bool confineFollowedLinks = false;
    // How messages name the base ("photos" for a module); empty: the base itself.
    std::string displayBase;

    const std::string& shownBase() const { return displayBase.empty() ? base : displayBase; }
    std::string display() const { return relative.empty() ? shownBase() : shownBase() + "/" + relative; }
};

inline TransferParams paramsFromOptions(const SyncOptions& o)
{
    TransferParams p;
    p.dryRun = o.dryRun;
    p.mkpath = o.mkpath;
    p.removeSourceFiles = o.removeSourceFiles;
    p.inPlace = o.inPlace;
    p.partialDir = o.partialDir;
    p.deleteExtraneous = o.deleteExtraneous;
    p.deletion = o.deletion;
    p.compare = o.compare;
    p.metadata = o.metadata;
    p.backup = o.backup;
    p.linkDest = o.linkDest;
    p.scan = o.scan;
    p.ownership = o.ownership;
    p.checksum = o.checksum;
    p.modifyWindowNs = o.modifyWindowNs;
    p.bwlimitBytesPerSec = o.bwlimitBytesPerSec;
    p.filters = o.filters;
    // As rsync adds them, after the user's own: travels with the request.
    for (auto& rule : partialDirRules(o.partialDir)) p.filters.push_back(std::move(rule));
    p.filesFrom = o.filesFrom;
    p.hasFilesFrom = o.hasFilesFrom;
    p.chunkSize = o.chunkSize;
    p.congestion = o.congestion;
    p.fsync = o.fsync;
    p.wholeFile = o.wholeFile;
    p.compress = o.compress;
    p.checksumChoice = o.checksumChoice;
    return p;
}

inline TransferParams paramsFromRequest(const proto::JobRequestMsg& m)
{
    TransferParams p;
    p.dryRun = m.dryRun;
    p.mkpath = m.mkpath;
    p.removeSourceFiles = m.removeSourceFiles;
    p.inPlace = m.inPlace;
    p.partialDir = m.partialDir;
    p.deleteExtraneous = m.deleteExtraneous;
    p.deletion = m.deletion;
    p.compare = m.compare;
    p.metadata = m.metadata;
    p.backup = m.backup;
    p.linkDest = m.linkDest;
    p.scan = m.scan;
    p.ownership = m.ownership;
    p.checksum = m.checksum;
    p.modifyWindowNs = m.modifyWindowNs;
    p.bwlimitBytesPerSec = m.bwlimit;
    p.filters = m.filters;
    p.filesFrom = m.filesFrom;
    p.hasFilesFrom = m.hasFilesFrom;
    p.chunkSize = m.chunkSize;
    p.congestion = m.congestion;
    p.fsync = m.fsync;
    p.wholeFile = m.wholeFile;
    p.compress = m.compress;
    p.checksumChoice = m.checksumChoice;
    return p;
}

inline void fillRequest(proto::JobRequestMsg& m, const TransferParams& p)
{
    m.dryRun = p.dryRun;
    m.mkpath = p.mkpath;
    m.removeSourceFiles = p.removeSourceFiles;
    m.inPlace = p.inPlace;
    m.partialDir = p.partialDir;
    m.deleteExtraneous = p.deleteExtraneous;
    m.deletion = p.deletion;
    m.compare = p.compare;
    m.metadata = p.metadata;
    m.backup = p.backup;
    m.linkDest = p.linkDest;
    m.scan = p.scan;
    m.ownership = p.ownership;
    m.checksum = p.checksum;
    m.modifyWindowNs = p.modifyWindowNs;
    m.bwlimit = p.bwlimitBytesPerSec;
    m.filters = p.filters;
    m.filesFrom = p.filesFrom;
    m.hasFilesFrom = p.hasFilesFrom;
    m.chunkSize = p.chunkSize;
    m.congestion = p.congestion;
    m.fsync = p.fsync;
    m.wholeFile = p.wholeFile;
    m.compress = p.compress;
    m.checksumChoice = p.checksumChoice;
}

} // namespace fg
