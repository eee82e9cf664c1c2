#include "support/parity_check.hpp"

#include <gtest/gtest.h>

#include <cstdio>

namespace fluid::test {

void expectParity(const std::string& label, const Field& gpu, const Field& cpu, const Field& before, Bound bound,
                  double minChange)
{
    const FieldError e = compareFields(gpu, cpu);
    std::printf("  %-40s %s\n", label.c_str(), describe(e).c_str());
    EXPECT_GT(compareFields(cpu, before).relativeL2, minChange) << label << ": the pass left its output unchanged";
    const bool ok = e.finite && e.maxAbs <= bound.maxRel * e.maxRef && e.relativeL2 <= bound.l2;
    EXPECT_TRUE(ok) << label << ": " << describe(e) << "\n  fields dumped to "
                    << (ok ? std::string() : dumpFields(label, gpu, cpu));
}

void expectSameWithin(const std::string& label, const Field& actual, const Field& expected, double maxRel)
{
    const FieldError e = compareFields(actual, expected);
    std::printf("  %-40s %s\n", label.c_str(), describe(e).c_str());
    EXPECT_TRUE(e.finite) << label;
    EXPECT_LE(e.maxAbs, maxRel * e.maxRef) << label << ": " << describe(e);
}

bool expectWithin(const FieldError& e, Bound bound, const std::string& what)
{
    EXPECT_TRUE(e.finite) << what;
    EXPECT_GT(e.maxRef, 0.0) << what << " is zero: the comparison would prove nothing";
    EXPECT_LE(e.maxAbs, bound.maxRel * e.maxRef) << what << ": " << describe(e);
    EXPECT_LE(e.relativeL2, bound.l2) << what << ": " << describe(e);
    return e.finite && e.maxRef > 0.0 && e.maxAbs <= bound.maxRel * e.maxRef && e.relativeL2 <= bound.l2;
}

}  // namespace fluid::test
