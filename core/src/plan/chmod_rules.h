#pragma once
#include "internal.h"
// rsync's --chmod: comma-separated chmod(1) modes applied to every entry's
// permissions, as if the source had them. Each item is an octal mode
// ("644") or a symbolic one ("u+rw", "go-w", "a=rX", "u=rwx,go=rx"),
// optionally led by D (directories only) or F (everything else). Pure.

#include <floodgate/error.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fg {

class ChmodRules {
public:
    // The error names --chmod, the item and what is wrong with it.
    static Result<ChmodRules> parse(std::string_view text);

    bool empty() const { return m_items.empty(); }
    // The mode (07777 bits) after every item that applies, in order.
    uint32_t apply(uint32_t mode, bool isDir) const;

private:
    struct Item {
        enum class Scope : uint8_t { All, Dirs, Files } scope = Scope::All;
        bool octal = false;
        uint32_t value = 0; // octal: the mode
        // symbolic: one or more operations on the `who` bits
        uint32_t who = 0;   // mask of the u/g/o bits it touches (0700 | 0070 | 0007)
        struct Op {
            char op;          // '+', '-', '='
            uint32_t perms;   // rwx bits as 0777-style masks within who, plus s/t bits
            bool conditionalX; // X: execute only for directories or where some x is set
        };
        std::vector<Op> ops;
    };
    std::vector<Item> m_items;
};

} // namespace fg
