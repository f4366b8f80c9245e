// What the hand-built small-file tools share (small_file_floor.cpp,
// parallel_creates.cpp): a source tree of folders of files, one level deep
// (the lab's and the benchmark's small workload), listed in name order.
#pragma once

#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tools {

// Says what failed with errno's words and ends the tool.
[[noreturn]] inline void die(const std::string& what)
{
    std::perror(what.c_str());
    std::exit(1);
}

struct Folder {
    std::string name;
    std::vector<std::string> files;
};

// The folders of `root` and the files in each, hidden names left out.
inline std::vector<Folder> listTree(const std::string& root)
{
    std::vector<Folder> folders;
    DIR* top = opendir(root.c_str());
    if (!top) die(root);
    while (dirent* d = readdir(top)) {
        if (d->d_name[0] == '.') continue;
        Folder f{d->d_name, {}};
        DIR* in = opendir((root + "/" + f.name).c_str());
        if (!in) continue;
        while (dirent* e = readdir(in))
            if (e->d_name[0] != '.') f.files.emplace_back(e->d_name);
        closedir(in);
        std::sort(f.files.begin(), f.files.end());
        folders.push_back(std::move(f));
    }
    closedir(top);
    std::sort(folders.begin(), folders.end(), [](const Folder& a, const Folder& b) { return a.name < b.name; });
    return folders;
}

} // namespace tools
