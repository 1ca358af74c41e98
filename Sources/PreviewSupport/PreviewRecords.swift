// Every `#Preview` in the program, read from the `textfit_previews` section of the binary, where
// each `#Preview` puts one record (Sources/TextFitMacros/PreviewMacro.swift). The linker lays the
// records of every object file end to end and defines `__start_textfit_previews` and
// `__stop_textfit_previews` around them (as it does for any section whose name is a C identifier);
// the record below makes sure the section exists whenever this module is linked.
//
// The bounds are those of the binary this module is linked into: SwiftPM links a package's modules
// and their dependencies statically into each executable and test binary, so that is every
// `#Preview` of the program. (A `#Preview` in a shared library loaded beside it is not seen.)

/// One `#Preview`'s record as the macro writes it: a version (1; 0 for the sentinel below), a
/// reserved word, the function that initialises a ``Preview`` at the address it is given, and a
/// reserved word. Public because the macro's expansion in another module names it.
public typealias PreviewRecord = (version: UInt32, reserved: UInt32, make: @convention(c) (UnsafeMutableRawPointer) -> Void, reserved2: UInt)

@section("textfit_previews") @used
private let sectionSentinel: PreviewRecord = (0, 0, { _ in }, 0)

@_extern(c, "__start_textfit_previews") private func previewRecordsStart()
@_extern(c, "__stop_textfit_previews") private func previewRecordsStop()

extension Preview {
    /// Every `#Preview` in the program, in the order of their files' IDs (`Module/File.swift`) and lines.
    /// Read once, on first use. (`PreviewProvider`s are not among them: there is no record of a
    /// protocol's conformances to read without Apple's runtime; reach one with ``all(of:)`` or
    /// ``all(ofProviderNamed:)``.)
    public static var all: [Preview] { registered }

    /// The `#Preview` named `name` (the first in ``all``), else the one whose ``source`` is `name`
    /// (`"MyApp/SettingsView.swift:42"`); `nil` when there is none.
    public static func named(_ name: String) -> Preview? {
        registered.first { $0.name == name } ?? registered.first { $0.source == name }
    }

    private static let registered: [Preview] = readRecords().sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }

    /// The previews the section's records make.
    private static func readRecords() -> [Preview] {
        let start = unsafeBitCast(previewRecordsStart as @convention(c) () -> Void, to: UnsafeRawPointer.self)
        let stop = unsafeBitCast(previewRecordsStop as @convention(c) () -> Void, to: UnsafeRawPointer.self)
        let stride = MemoryLayout<PreviewRecord>.stride
        var previews: [Preview] = []
        var record = start
        while record + stride <= stop {
            let entry = record.load(as: PreviewRecord.self)
            if entry.version == 1 {
                let slot = UnsafeMutablePointer<Preview>.allocate(capacity: 1)
                entry.make(UnsafeMutableRawPointer(slot))
                previews.append(slot.move())
                slot.deallocate()
            }
            record += stride
        }
        return previews
    }
}
