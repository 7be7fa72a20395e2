@testable import ShaderExecution
import Testing

/// `NativeCodeGenerator.slotsWrittenFirst`: the slots the generated C may declare without a
/// value. A slot listed there is never read before a write, so its starting value cannot show;
/// one wrongly listed would read whatever clang makes of an uninitialised variable (often 0, so
/// rendering tests rarely notice), hence these cases on the emitted lines themselves.
@Suite struct NativeSlotDeclarationTests {
    static func writtenFirst(_ text: String) -> Set<Int> {
        NativeCodeGenerator.slotsWrittenFirst(in: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test func anAssignmentAtTheTopOfItsBlockComesFirst() {
        let slots = Self.writtenFirst("""
                V t1 = r0 * ((V)(uv3));
                r1 = t1;
                if (ANY(r2)) {
                  V t2 = r1 + ONE;
                  r9 = t2;
                  r3 = r9;
                }
                r4 = SELECT(r2 != 0, r1, r3);
            """)
        // r1 and r4 are written first in the group's body; r9 in the `if`, read only there;
        // r3 is written in the `if` and read after it; r0 and r2 are read first.
        #expect(slots == [1, 4, 9])
    }

    @Test func aSlotThatReadsItselfOrIsReadFirstKeepsItsValue() {
        let slots = Self.writtenFirst("""
                V t1 = SELECT(r5 != 0, r6, r7);
                r7 = t1;
                r8 = r8 + ONE;
                r10 = r11 * r10;
                r12 = r13;
                r13 = r12;
            """)
        // A masked write reads the old value (r7), so do `r8 = r8 + …` and `r10 = … r10`; r13
        // is read (by r12's assignment) before it is written.
        #expect(slots == [12])
    }

    @Test func aBlockThatClosesEndsTheSlotsItWrote() {
        let slots = Self.writtenFirst("""
                do {
                  r20 = r21 + ONE;
                  r22 = r20;
                } while (ANY(r20));
                for (;;) {
                  if (ANY(r23)) { r24 = ONE; }
                  r25 = ONE;
                  if (ANY(r25)) break;
                }
                r26 = r22;
            """)
        // r20 is read by the loop's condition after its block closed; r22 outlives its block;
        // r24 is written on a line with braces (not a plain assignment); r25 stays inside its
        // block; r26 is written first in the body.
        #expect(slots == [25, 26])
    }

    @Test func tokensThatAreNotSlotsAreNotSlots() {
        let slots = Self.writtenFirst("""
                r30 = rows[3] + rr31 + r_32;
                if (__builtin_expect(iterations < 0, 0)) return;
                r33 = r30;
            """)
        #expect(slots == [30, 33])
    }
}
