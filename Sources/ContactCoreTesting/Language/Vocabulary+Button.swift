import ContactCore

/// How an app drew the access button (SPEC 8's appearance and placement), with what SPEC 8
/// says of each written out by hand: the model never measures a rectangle.
package struct ButtonLook: Sendable {
    package var fontSize: Double = 17
    package var imageWidth: Double = 40
    /// The background's gray level (the contrast rule measures the text against it).
    package var background: Double = 1
    /// The detail a single match shows under its name.
    package var caption: ContactAccessButton.Caption = .defaultText
    package var placement = ContactAccessButton.Placement(frame: .init(x: 0, y: 0, width: 400, height: 80))
    /// "The whole button visible (not clipped, not covered, not transparent)".
    package var wholeVisible = true
    /// "At least its minimum size": the image and ten ems wide, and 44 points, two and a half
    /// lines and the image tall (Decisions, "Access button").
    package var bigEnough = true
}

extension Vocabulary {
    /// Version 4's button looks; the first is the one every older program draws.
    package static let buttonLooks: [ButtonLook] = {
        let frame = ContactAccessButton.Rect(x: 0, y: 0, width: 400, height: 80)
        func at(_ placement: ContactAccessButton.Placement) -> ButtonLook { ButtonLook(placement: placement) }
        var looks = [ButtonLook()]
        // Clipping: a visible region that is the frame itself hides nothing; half a point less does.
        looks.append(at(.init(frame: frame, visibleRegion: frame)))
        looks.append(ButtonLook(placement: .init(frame: frame, visibleRegion: .init(x: 0, y: 0, width: 399.5, height: 80)),
                                wholeVisible: false))
        // Covering: a view that touches the right edge covers nothing; one a point over it does.
        looks.append(at(.init(frame: frame, coveringFrames: [.init(x: 400, y: 0, width: 50, height: 80)])))
        looks.append(ButtonLook(placement: .init(frame: frame, coveringFrames: [.init(x: 399, y: 0, width: 50, height: 80)]),
                                wholeVisible: false))
        looks.append(ButtonLook(placement: .init(frame: frame, opacity: 0.99), wholeVisible: false))
        // Size: 40-point text needs 40 + 400 points across and 100 down; 32-point text with an
        // 80-point image needs exactly 80 + 320 by 80; 43.9 points is under a touch target.
        looks.append(ButtonLook(fontSize: 40, bigEnough: false))
        looks.append(ButtonLook(fontSize: 32, imageWidth: 80))
        looks.append(ButtonLook(placement: .init(frame: .init(x: 0, y: 0, width: 400, height: 43.9)), bigEnough: false))
        looks.append(ButtonLook(placement: .init(frame: .init(x: 0, y: 0, width: 209.9, height: 80)), bigEnough: false))
        // Backgrounds: black and mid gray, so that light text is the legible one.
        looks.append(ButtonLook(background: 0))
        looks.append(ButtonLook(background: 0.5))
        // The caption of a single match: its e-mail address or its phone number.
        looks.append(ButtonLook(caption: .email))
        looks.append(ButtonLook(caption: .phone))
        return looks
    }()
}
