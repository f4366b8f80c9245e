#include "role/transfer_method.h"

namespace fg {

using proto::WireMethod;

WireMethod chooseMethod(const MethodInputs& in)
{
    // What an interrupted run already moved is not sent again, unless whole
    // files were asked for or the copy is local (where resending is cheap).
    if (in.partial && in.newSize >= kDeltaMinFileSize && in.mode != WholeFileMode::Always
        && (!in.localCopy || in.mode == WholeFileMode::Never))
        return WireMethod::DeltaResume;
    if (!in.oldSize) return WireMethod::WholeNew;
    // A delta rebuilds the file from its old copy, which --inplace overwrites
    // as it goes: whole, until the sender learns to match only blocks not
    // yet overwritten.
    if (in.inPlace) return WireMethod::WholeInPlace;
    if (in.newSize == 0) return WireMethod::WholeSmall; // nothing to rebuild
    // Asked for in so many words: the old copy's blocks are not sent again,
    // whatever the size, the link or a local copy would suggest.
    if (in.append && in.mode != WholeFileMode::Always) return WireMethod::Delta;
    switch (in.mode) {
    case WholeFileMode::Always: return WireMethod::WholeOption;
    case WholeFileMode::Never: return WireMethod::Delta;
    case WholeFileMode::Auto: break;
    }
    if (in.localCopy) return WireMethod::WholeLocal;
    if (in.newSize < kDeltaMinFileSize || *in.oldSize < kDeltaMinFileSize) return WireMethod::WholeSmall;
    // A delta reads the whole old copy here; when the data arrives faster
    // than that, sending it whole is quicker (a fast LAN into a slow disk).
    if (in.linkBytesPerSec > 0 && in.basisReadBytesPerSec > 0 && in.linkBytesPerSec > in.basisReadBytesPerSec)
        return WireMethod::WholeFastLink;
    return WireMethod::Delta;
}

void describeMethod(WireMethod method, PlanItem& item)
{
    item.method = TransferMethod::Whole;
    switch (method) {
    case WireMethod::Whole:
        item.method = TransferMethod::None;
        item.methodReason = "";
        return;
    case WireMethod::WholeNew: item.methodReason = "no old copy at the destination"; return;
    case WireMethod::WholeSmall: item.methodReason = "small file: a delta would not pay"; return;
    case WireMethod::WholeLocal: item.methodReason = "local copy: reading the old copy costs more than it saves"; return;
    case WireMethod::WholeOption: item.methodReason = "--whole-file"; return;
    case WireMethod::WholeFastLink:
        item.methodReason = "the link is faster than the destination reads its old copy";
        return;
    case WireMethod::Delta:
        item.method = TransferMethod::Delta;
        item.methodReason = "old copy at the destination: sending only the differences";
        return;
    case WireMethod::WholeInPlace:
        item.methodReason = "--inplace: written over the old copy, so sent whole";
        return;
    case WireMethod::DeltaResume:
        item.method = TransferMethod::Delta;
        item.methodReason = "resuming: sending only what an interrupted run did not";
        return;
    }
}

} // namespace fg
