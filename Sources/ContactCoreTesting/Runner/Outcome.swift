import ContactCore

/// A call's result: a value, or the code of the `ContactError` it threw.
package enum Outcome<Value: Hashable & Sendable>: Hashable, Sendable {
    case success(Value)
    case failure(ContactError.Code)

    func map<T>(_ transform: (Value) -> T) -> Outcome<T> {
        switch self {
        case .success(let value): .success(transform(value))
        case .failure(let code): .failure(code)
        }
    }
}
