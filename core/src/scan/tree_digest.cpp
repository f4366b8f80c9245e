#include "scan/tree_digest.h"

#include <algorithm>

namespace fg {
namespace {

// What precedes each part a directory's hasher takes, so that no sequence of
// parts reads as another: its own entry, a file's, a subdirectory's digest.
constexpr char kOwnEntry = 'R';
constexpr char kFileEntry = 'F';
constexpr char kSubtree = 'D';

void put32(std::string& out, uint32_t v)
{
    for (int i = 0; i < 4; ++i) out.push_back(char(v >> (8 * i)));
}
void put64(std::string& out, uint64_t v)
{
    for (int i = 0; i < 8; ++i) out.push_back(char(v >> (8 * i)));
}
void putText(std::string& out, std::string_view text)
{
    put32(out, uint32_t(text.size()));
    out.append(text);
}

// Every field the receiver's planner reads of an entry, as it reads them
// (the wire keeps a mode's permission bits only, and a size for files only).
void encode(std::string& out, char what, const FileEntry& e)
{
    out.clear();
    out.push_back(what);
    putText(out, e.path);
    out.push_back(char(e.type));
    out.push_back(char(e.nameCollisions | (e.contentsOmitted ? 0x10 : 0) | (e.hash ? 0x20 : 0)
                       | (e.hardLinkTo ? 0x40 : 0) | (e.hasOwner ? 0x80 : 0)));
    put32(out, e.mode & 07777);
    put64(out, e.isRegular() ? e.size : 0);
    put64(out, uint64_t(e.mtimeNs));
    if (e.isSymlink()) putText(out, e.linkTarget);
    if (e.hash) {
        out.push_back(char(e.hash->size()));
        out.append(reinterpret_cast<const char*>(e.hash->data()), e.hash->size());
    }
    if (e.hardLinkTo) put32(out, *e.hardLinkTo);
    if (e.hasOwner) {
        put32(out, e.uid);
        put32(out, e.gid);
    }
}

bool inside(std::string_view path, std::string_view dir)
{
    if (dir == ".") return path != ".";
    return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/';
}

} // namespace

uint16_t listDepth(std::string_view listPath)
{
    if (listPath == "." || listPath.empty()) return 0;
    return uint16_t(std::min<size_t>(std::count(listPath.begin(), listPath.end(), '/') + 1, 0xFFFF));
}

void TreeDigester::add(uint32_t index, const FileEntry& entry)
{
    closeUntil(entry.path, index);
    if (entry.isDir()) {
        Open open;
        open.path = entry.path;
        open.index = index;
        encode(m_scratch, kOwnEntry, entry);
        open.hasher.update(m_scratch.data(), m_scratch.size());
        m_open.push_back(std::move(open));
        return;
    }
    if (m_open.empty()) return; // a single file's list has no directory
    encode(m_scratch, kFileEntry, entry);
    m_open.back().hasher.update(m_scratch.data(), m_scratch.size());
}

void TreeDigester::spoil(std::string_view path)
{
    for (auto it = m_open.rbegin(); it != m_open.rend(); ++it) {
        if (it->path == path || inside(path, it->path)) {
            it->spoiled = true;
            return;
        }
    }
    if (!m_open.empty()) m_open.front().spoiled = true; // named oddly: spoil the whole, to be safe
}

void TreeDigester::finish(uint32_t endIndex)
{
    while (!m_open.empty()) closeTop(endIndex);
}

void TreeDigester::closeUntil(std::string_view path, uint32_t nextIndex)
{
    while (!m_open.empty() && !inside(path, m_open.back().path)) closeTop(nextIndex);
}

void TreeDigester::closeTop(uint32_t nextIndex)
{
    Open done = std::move(m_open.back());
    m_open.pop_back();
    SubtreeDigest d;
    d.index = done.index;
    d.count = nextIndex - done.index;
    d.digest = done.hasher.digest();
    d.spoiled = done.spoiled;
    if (!m_open.empty()) {
        Open& parent = m_open.back();
        m_scratch.assign(1, kSubtree);
        m_scratch.append(reinterpret_cast<const char*>(d.digest.data()), d.digest.size());
        put32(m_scratch, d.count);
        parent.hasher.update(m_scratch.data(), m_scratch.size());
        parent.spoiled = parent.spoiled || d.spoiled;
    }
    if (m_finished) m_finished(done.path, listDepth(done.path), d);
}

} // namespace fg
