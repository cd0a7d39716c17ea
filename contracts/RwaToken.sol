// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title RWA Commerce token: one ERC-1155 id per tokenised product.
/// @notice MINTER_ROLE mints; DEFAULT_ADMIN_ROLE manages roles and per-token URIs.
contract RwaToken is ERC1155, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    mapping(uint256 id => string) private _tokenURIs;

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

    /// @notice The URI set for `id`, or the empty string when none was set.
    function uri(uint256 id) public view override returns (string memory) {
        return _tokenURIs[id];
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
