import Generator
import Testing

/// What the command line leaves to its exit stays alive; what anyone else lets go of is freed at once.
struct MemoryReleaseTests {
    private final class Tracked {}

    @Test func atExitKeepsWhatIsLetGoOf() {
        weak var kept: Tracked?
        do {
            let value = Tracked()
            kept = value
            MemoryRelease.atExit.release(value)
        }
        #expect(kept != nil)
    }

    @Test func immediatelyFreesWhatIsLetGoOf() {
        weak var freed: Tracked?
        do {
            let value = Tracked()
            freed = value
            MemoryRelease.immediately.release([value])
        }
        #expect(freed == nil)
    }
}
