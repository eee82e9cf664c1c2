// The check every GPU-vs-CPU parity test makes of a field: the GPU's output
// within a bound of its CPU mirror's, errors printed, and on a failure both
// fields and their difference dumped (test::dumpFields) for a look.
#pragma once

#include <string>

#include "core/field.hpp"
#include "support/fields.hpp"

namespace fluid::test {

// max |gpu - cpu| <= maxRel * max |cpu| and relative L2 <= l2.
struct Bound {
    double maxRel;
    double l2;
};

// `gpu` against `cpu` within `bound`, and the CPU's output moved from
// `before` by more than `minChange` relative L2: a pass that does nothing
// matches its mirror and proves nothing. Prints the errors under `label`.
void expectParity(const std::string& label, const Field& gpu, const Field& cpu, const Field& before, Bound bound,
                  double minChange = 1e-3);

// Two GPU forms of one computation (a packed layout against the plain one):
// `actual` finite and within maxRel of `expected`'s largest magnitude,
// printed under `label`.
void expectSameWithin(const std::string& label, const Field& actual, const Field& expected, double maxRel);

// `e` finite and within `bound`, against a reference that is not all zero.
// Returns whether every check held.
bool expectWithin(const FieldError& e, Bound bound, const std::string& what);

}  // namespace fluid::test
