#pragma once
// -i / --itemize-changes: one line per change in rsync's YXcstpoguax format,
// so scripts written to parse rsync's output keep working:
//   >f+++++++++ new.txt        a new file received (<f when it goes to a remote end)
//   >f.st...... changed.txt    size and time differ
//   .f...p..... mode.txt       only the permissions change
//   cd+++++++++ newdir/        a directory made
//   cL+++++++++ link -> target a symlink made; cLc........ when repointed
//   *deleting   old.txt        removed (--delete)

#include <floodgate/job.h>

#include <string>

namespace fg::cli {

// `toRemote`: the files go to the far end (a push), so rsync's '<' leads.
std::string itemizeLine(const PlanItem& item, bool toRemote);

} // namespace fg::cli
