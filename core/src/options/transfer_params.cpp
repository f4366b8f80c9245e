#include "options/transfer_params.h"

#include "plan/partial_files.h"

namespace fg {

TransferParams paramsFromOptions(const SyncOptions& options)
{
    TransferParams params(options.transfer);
    for (auto& rule : partialDirRules(options.transfer.partialDir)) params.filters.push_back(std::move(rule));
    params.bwlimitBytesPerSec = options.bwlimit.constantRate().value_or(0);
    return params;
}

} // namespace fg
