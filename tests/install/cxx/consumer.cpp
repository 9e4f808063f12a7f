// SPDX-License-Identifier: MIT
// consumer.cpp - a C++ program built against an installed fxtkit with
// find_package(fxtkit) (tests/install/test_install.sh). Same command line as
// ../consumer.c: FILE valid | FILE RULE OFFSET. Validates the whole file at
// once and collects the issues in a vector.
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <fxt/validate.h>
#include <fxt/version.h>

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() < 2 || (args[1] != "valid" && args.size() != 3)) {
        std::cerr << "usage: consumer FILE valid | consumer FILE RULE OFFSET\n";
        return 2;
    }
    if (std::string(fxt_version()) != FXT_VERSION) {
        std::cerr << "library " << fxt_version() << ", headers " << FXT_VERSION << "\n";
        return 1;
    }
    std::ifstream in(args[0], std::ios::binary);
    if (!in) {
        std::cerr << args[0] << ": cannot open\n";
        return 2;
    }
    std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)),
                                     std::istreambuf_iterator<char>());

    std::vector<fxt_issue> issues;
    fxt_options o = fxt_options_default();
    o.ctx = &issues;
    o.on_issue = [](void *ctx, const fxt_issue *is) {
        static_cast<std::vector<fxt_issue> *>(ctx)->push_back(*is);
    };
    fxt_stats st;
    long errors = fxt_validate_buffer(bytes.data(), bytes.size(), &o, &st);
    if (errors < 0)
        return 2;
    for (const fxt_issue &is : issues)
        std::cout << "  " << fxt_rule_get(is.rule)->id << " at " << is.record_offset << ": "
                  << is.message << "\n";
    std::cout << "C++ consumer (fxt " << fxt_version() << "): " << args[0] << ": " << st.records
              << " records, " << issues.size() << " issues\n";
    if (args[1] == "valid")
        return issues.empty() && st.records > 0 ? 0 : 1;
    return issues.size() == 1 && args[1] == fxt_rule_get(issues[0].rule)->id &&
                   issues[0].record_offset == std::strtoull(args[2].c_str(), nullptr, 10)
               ? 0
               : 1;
}
