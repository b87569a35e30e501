/// Bounds that keep reading a vCard file linear in time and memory, whatever the input.
///
/// Exceeding one is a ``VCardError`` (``VCardError/Code/fileTooLarge``,
/// ``VCardError/Code/tooManyCards``, ``VCardError/Code/tooManyProperties``,
/// ``VCardError/Code/lineTooLong``), raised as soon as the bound is crossed: the reader never
/// buffers more than one unfolded line beyond the contacts it has built, so a file that claims
/// a gigabyte of base64 fails at the limit, not after allocating it.
public struct VCardLimits: Hashable, Sendable {
    /// Largest input accepted, in bytes. Default 256 MiB.
    public var maximumFileSize: Int
    /// Most cards in one input. Default 1,000,000.
    public var maximumCards: Int
    /// Most content lines between a card's `BEGIN` and `END` (`VERSION` included). Default
    /// 10,000: a phone with ten
    /// thousand numbers for one person is an attack, not an address book.
    public var maximumPropertiesPerCard: Int
    /// Longest unfolded content line, in bytes. Default 16 MiB, room for a large photo.
    public var maximumLineLength: Int

    public init(
        maximumFileSize: Int = 256 << 20, maximumCards: Int = 1_000_000,
        maximumPropertiesPerCard: Int = 10_000, maximumLineLength: Int = 16 << 20
    ) {
        self.maximumFileSize = maximumFileSize
        self.maximumCards = maximumCards
        self.maximumPropertiesPerCard = maximumPropertiesPerCard
        self.maximumLineLength = maximumLineLength
    }

    /// The documented defaults.
    public static let `default` = VCardLimits()
}
