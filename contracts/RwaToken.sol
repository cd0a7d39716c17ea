// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title RWA Commerce token: one ERC-1155 id per tokenised product.
/// @notice MINTER_ROLE mints; DEFAULT_ADMIN_ROLE manages roles, the base URI, per-token URIs and the contract URI.
contract RwaToken is ERC1155, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    mapping(uint256 id => string) private _tokenURIs;
    string private _contractURI;

    /// @notice ERC-7572: the collection metadata at contractURI() changed.
    event ContractURIUpdated();

    constructor(address admin, address minter) ERC1155("") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
    }

    /// @notice Mints `amount` of token `id` to `to` (runs the ERC-1155 receiver check for contracts).
    function mint(address to, uint256 id, uint256 amount, bytes calldata data) external onlyRole(MINTER_ROLE) {
        _mint(to, id, amount, data);
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

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
