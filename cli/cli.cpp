#include "cli.h"

#include <cstdio>

namespace fg::cli {

int run(int argc, char** argv)
{
    (void)argc;
    (void)argv;
    std::fprintf(stderr, "floodgate: not yet\n");
    return 1;
}

} // namespace fg::cli
