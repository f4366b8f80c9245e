#pragma once
#include "internal.h"
// When the two ends of a job compare tree summaries before the list
// (docs/PROTOCOL.md, "Tree summaries"): the receiver digests its destination
// as the sender would list it (the same scanner and options), and the sender
// lists each subtree whose digest matches as "the same" in a few bytes
// instead of its entries. An unchanged tree then costs a scan on each end and
// a round trip, not its list on the wire.
//
// Only where the receiver can list the destination exactly as the sender
// would list the source if nothing changed: not for a single file, nor where
// the list carries what the destination cannot give back (content hashes
// with -c, hard-link leaders with -H, the source's owners with -o/-g, paths
// chosen by --files-from, links followed with -L, names mapped with
// --name-mapping map), nor where the destination is not the tree compared
// (--snapshot, --link-dest), nor where every file is wanted whatever it is
// (-I), nor with --remove-source-files, which must hear of every file, nor in
// a local copy (one process: the list costs nothing to pass).

#include "options/transfer_params.h"
#include "proto/messages.h"

namespace fg {

inline bool treeSummariesFit(const TransferParams& p, proto::RootKind root)
{
    return !p.localCopy && root != proto::RootKind::File && !p.checksum && !p.scan.hardLinks && !p.scan.copyLinks
           && !p.ownership.owner && !p.ownership.group && !p.filesFrom && p.nameMapping != NameMapping::Map
           && !p.snapshot && p.linkDest.empty() && !p.compare.ignoreTimes && !p.removeSourceFiles;
}

// The summaries a receiver sends, breadth first, until this many bytes: the
// top of a big tree (a few thousand directories) in the first round trips
// of a fresh connection; deeper subtrees of a changed part are listed.
inline constexpr size_t kTreeSummaryBytes = 128 * 1024;

// A sender whose whole list is this short when its scan ends, before any
// summary came, lists it at once (some 40 KiB: the first two flights of a
// fresh connection), and the receiver, seeing list frames, stops scanning
// its destination, which may be far bigger than the source.
inline constexpr uint32_t kListWithoutSummaries = 1000;

} // namespace fg
