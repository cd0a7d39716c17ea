// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title RWA Commerce token: one ERC-1155 id per tokenised product.
/// @notice MINTER_ROLE mints; REDEEMER_ROLE burns a holder's tokens when they are redeemed for the asset; VERIFIER_ROLE keeps the verified-holder allowlist, the per-token restriction and the
/// per-token freezes; DEFAULT_ADMIN_ROLE manages roles, the base URI, per-token URIs and the contract URI.
/// @dev The allowlist is a platform record, not a securities-law compliance mechanism (see the README).
contract RwaToken is ERC1155, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant VERIFIER_ROLE = keccak256("VERIFIER_ROLE");
    /// @notice May burn a holder's tokens when the platform hands over the real-world asset (redeem()). A role of its
    /// own, not MINTER_ROLE: taking tokens out of a wallet is a stronger power than issuing them, so it can be granted
    /// to, or revoked from, a wallet on its own; the constructor grants it to the minter, the platform's wallet.
    bytes32 public constant REDEEMER_ROLE = keccak256("REDEEMER_ROLE");

    /// @notice Wallets whose owner passed the platform's KYC: the only receivers of a restricted token.
    mapping(address holder => bool) public verified;
    /// @notice Tokens that only verified wallets may receive (mint or transfer).
    mapping(uint256 id => bool) public restricted;
    /// @notice Wallets that may neither send nor receive one token.
    mapping(uint256 id => mapping(address holder => bool)) public frozen;

    mapping(uint256 id => string) private _tokenURIs;
    string private _contractURI;

    /// @notice ERC-7572: the collection metadata at contractURI() changed.
    event ContractURIUpdated();
    /// @notice `holder` was added to (true) or removed from (false) the verified-holder allowlist.
    event VerifiedSet(address indexed holder, bool verified);
    /// @notice Token `id` now requires (true) or no longer requires (false) verified holders.
    event RestrictedSet(uint256 indexed id, bool restricted);
    /// @notice `holder` was frozen (true) or unfrozen (false) for token `id`.
    event FrozenSet(uint256 indexed id, address indexed holder, bool frozen);
    /// @notice `amount` of token `id` held by `holder` was redeemed for the asset and burned by `agent` (beside the
    /// standard TransferSingle to the zero address).
    event Redeemed(address indexed holder, uint256 indexed id, uint256 amount, address indexed agent);

    /// @notice A restricted token `id` cannot go to `holder`: the wallet is not on the allowlist.
    error HolderNotVerified(uint256 id, address holder);
    /// @notice `holder` is frozen for token `id`: it can neither send nor receive it.
    error HolderFrozen(uint256 id, address holder);

    constructor(address admin, address minter) ERC1155("") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
        _grantRole(VERIFIER_ROLE, minter);
        _grantRole(REDEEMER_ROLE, minter);
    }

    /// @notice Adds `holder` to (or removes it from) the verified-holder allowlist.
    function setVerified(address holder, bool isVerified) external onlyRole(VERIFIER_ROLE) {
        verified[holder] = isVerified;
        emit VerifiedSet(holder, isVerified);
    }

    /// @notice Makes token `id` require verified holders, or lifts that requirement.
    function setRestricted(uint256 id, bool isRestricted) external onlyRole(VERIFIER_ROLE) {
        restricted[id] = isRestricted;
        emit RestrictedSet(id, isRestricted);
    }

    /// @notice Freezes (or unfreezes) `holder` for token `id`.
    function setFrozen(uint256 id, address holder, bool isFrozen) external onlyRole(VERIFIER_ROLE) {
        frozen[id][holder] = isFrozen;
        emit FrozenSet(id, holder, isFrozen);
    }

    /// @notice Mints `amount` of token `id` to `to` (runs the ERC-1155 receiver check for contracts).
    function mint(address to, uint256 id, uint256 amount, bytes calldata data) external onlyRole(MINTER_ROLE) {
        _mint(to, id, amount, data);
    }

    /// @notice Burns `amount` of token `id` from `holder`, who redeemed it for the real-world asset: an agent's act, so
    /// no approval of the holder is asked (the platform records the holder's request and the hand-over). Emits
    /// TransferSingle to the zero address and Redeemed; reverts (ERC1155InsufficientBalance) above the balance.
    /// @dev A frozen holder is not redeemed: a freeze holds the holder's tokens as they are (a dispute, an inquiry), so
    /// the redemption reverts with HolderFrozen until the verifier lifts the freeze. A restricted id needs no
    /// verified sender: a burn goes to no one.
    function redeem(address holder, uint256 id, uint256 amount) external onlyRole(REDEEMER_ROLE) {
        _burn(holder, id, amount);
        emit Redeemed(holder, id, amount, _msgSender());
    }

    /// @notice Sets the metadata URI of token `id`; emits the standard ERC-1155 `URI` event.
    function setURI(uint256 id, string calldata newUri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _tokenURIs[id] = newUri;
        emit URI(newUri, id);
    }

    /// @notice Sets the URI of every token without its own, with the EIP-1155 `{id}` placeholder (64 lowercase hex digits).
    function setBaseURI(string calldata newBase) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _setURI(newBase);
    }

    /// @notice Sets the collection metadata URI (contractURI, ERC-7572).
    function setContractURI(string calldata newUri) external onlyRole(DEFAULT_ADMIN_ROLE) {
        _contractURI = newUri;
        emit ContractURIUpdated();
    }

    /// @notice The URI set for `id`, else the base URI (empty until set).
    function uri(uint256 id) public view override returns (string memory) {
        string memory own = _tokenURIs[id];
        return bytes(own).length > 0 ? own : super.uri(id);
    }

    /// @notice The base URI, with `{id}`: what a token without its own URI answers.
    function baseURI() external view returns (string memory) {
        return super.uri(0);
    }

    /// @notice The collection's metadata URI (OpenSea's convention, ERC-7572); empty until set.
    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    /// @dev Every mint and transfer passes here: a frozen wallet neither sends nor receives that id, and a restricted
    /// id only reaches verified wallets. Burns (to the zero address) are only checked for a frozen sender.
    function _update(address from, address to, uint256[] memory ids, uint256[] memory values) internal override {
        for (uint256 i = 0; i < ids.length; ++i) {
            uint256 id = ids[i];
            if (from != address(0) && frozen[id][from]) revert HolderFrozen(id, from);
            if (to != address(0)) {
                if (frozen[id][to]) revert HolderFrozen(id, to);
                if (restricted[id] && !verified[to]) revert HolderNotVerified(id, to);
            }
        }
        super._update(from, to, ids, values);
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
